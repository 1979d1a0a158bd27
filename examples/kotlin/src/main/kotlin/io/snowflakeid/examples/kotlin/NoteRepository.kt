package io.snowflakeid.examples.kotlin

import org.springframework.data.repository.ListCrudRepository

/** A Spring Data JDBC repository (the aggregate is annotated `@Table`). */
interface NoteRepository : ListCrudRepository<Note, Long>
