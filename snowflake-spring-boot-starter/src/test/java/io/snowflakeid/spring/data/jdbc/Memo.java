package io.snowflakeid.spring.data.jdbc;

import io.snowflakeid.hibernate.SnowflakeId;

import org.springframework.data.annotation.Id;
import org.springframework.data.relational.core.mapping.Table;

/** An immutable aggregate root: Spring Data creates a new record with the id. */
@Table
public record Memo(@Id @SnowflakeId Long id, String text) {
}
