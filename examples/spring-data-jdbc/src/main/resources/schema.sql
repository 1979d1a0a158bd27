-- Runs at every start (spring.sql.init.mode=always): creates the tables only when missing, never drops anything.
-- The same DDL works on H2, PostgreSQL and MariaDB. In a real application, let Flyway or Liquibase own the schema.
create table if not exists customer (id bigint primary key, name varchar(100) not null);
create table if not exists purchase_order (id bigint primary key, customer_id bigint not null, cents bigint not null);
