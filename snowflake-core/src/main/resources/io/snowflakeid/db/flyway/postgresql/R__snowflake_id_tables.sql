-- snowflake-id: the worker lease table and the segment tables, for PostgreSQL, with their default names.
-- Exactly the tables the library creates itself when snowflake.lease.create-table / snowflake.segment.create-table
-- are true (the integration tests compare both). Use it with both set to false:
--   spring.flyway.locations=classpath:db/migration,classpath:io/snowflakeid/db/flyway/{vendor}
-- A repeatable migration (no version, so it can never collide with your V1, V2, ...): Flyway runs it after your
-- pending versioned migrations and again only when a new library version changes this file. Every statement is
-- idempotent, so it also adopts tables the library created before Flyway took over.
-- Other table names (snowflake.lease.table-name, snowflake.segment.table-name): copy these statements into a
-- migration of your own with the names changed, and leave this location out.

CREATE TABLE IF NOT EXISTS snowflake_worker_lease (
    datacenter_id   INT          NOT NULL,
    worker_id       INT          NOT NULL,
    owner           VARCHAR(255),
    instance_id     VARCHAR(64),
    lease_end       BIGINT       NOT NULL,
    high_water_mark BIGINT       NOT NULL,
    PRIMARY KEY (datacenter_id, worker_id)
);

CREATE TABLE IF NOT EXISTS snowflake_segment (
    segment_key VARCHAR(128) NOT NULL,
    max_value   BIGINT       NOT NULL,
    step        INT          NOT NULL,
    PRIMARY KEY (segment_key)
);

CREATE TABLE IF NOT EXISTS snowflake_segment_free (
    segment_key VARCHAR(128) NOT NULL,
    first_value BIGINT       NOT NULL,
    last_value  BIGINT       NOT NULL,
    PRIMARY KEY (segment_key, first_value)
);
