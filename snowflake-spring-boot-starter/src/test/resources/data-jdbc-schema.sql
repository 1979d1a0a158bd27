-- Tables of the Spring Data JDBC test aggregates (io.snowflakeid.spring.data.jdbc): never drops anything.
create table if not exists note (id bigint primary key, text varchar(100));
create table if not exists memo (id bigint primary key, text varchar(100));
create table if not exists voucher (id bigint primary key);
