-- The Spring Data JDBC aggregate's table (Hibernate creates the JPA entity's). Runs at every start on the embedded
-- database, creates the table only when it is missing.
create table if not exists note (id bigint primary key, text varchar(200) not null);
