create table if not exists bookmark (id bigint primary key, page int not null);
