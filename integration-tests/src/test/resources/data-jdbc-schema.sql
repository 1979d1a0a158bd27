-- The Spring Data JDBC aggregates of io.snowflakeid.datajdbc; the same DDL on H2, PostgreSQL and MariaDB.
-- Shared servers: tables are created once and never dropped, and tests only count the rows they wrote.
create table if not exists data_jdbc_note (id bigint primary key, text varchar(100));
create table if not exists data_jdbc_memo (id varchar(20) primary key, text varchar(100));
create table if not exists data_jdbc_voucher (id bigint primary key);
