package io.snowflakeid.examples.kotlin

import org.springframework.data.jpa.repository.JpaRepository

/** A Spring Data JPA repository: extending JpaRepository assigns it to JPA (the application has Data JDBC too). */
interface BookRepository : JpaRepository<Book, Long>
