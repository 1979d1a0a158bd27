-- Runs after Hibernate created the schema (spring.jpa.defer-datasource-initialization=true): a row with an id of
-- its own, as seed data usually has.
INSERT INTO ticket (id) VALUES (42);
