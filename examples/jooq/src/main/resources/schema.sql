-- Runs at every start (spring.sql.init.mode=always): creates the tables only when missing, never drops anything.
-- The same DDL works on H2, PostgreSQL and MariaDB; jOOQ's code generator reads it too (see pom.xml).
create table if not exists customer (id bigint not null primary key, name varchar(100) not null);
create table if not exists purchase_order (id bigint not null primary key, customer_id bigint not null,
  cents bigint not null);
