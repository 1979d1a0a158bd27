package io.snowflakeid.examples.kotlin

import io.snowflakeid.hibernate.SnowflakeId
import org.springframework.data.annotation.Id
import org.springframework.data.relational.core.mapping.Table

/**
 * A Spring Data JDBC aggregate root as an immutable data class: `save(note)` returns a copy carrying the id (made
 * by Spring Data through `copy`), the instance passed in keeps `id == null`.
 *
 * `@Table` (Spring Data Relational's) is what assigns [NoteRepository] to Spring Data JDBC: with JPA on the class
 * path too, Spring Data runs in strict repository mode and creates a repository only for a store that can claim it
 * (JPA: `@Entity` or a JpaRepository; JDBC: `@Table`). Without it the application has no NoteRepository bean.
 * Without a value it keeps the derived table name (`NOTE` on H2); `@Table("note")` would be a quoted, case-sensitive
 * name that H2 does not find.
 */
@Table
data class Note(
    @Id @SnowflakeId
    val id: Long? = null,
    val text: String,
)
