package io.snowflakeid.examples.kotlin

import io.snowflakeid.SnowflakeIdGenerator
import org.springframework.boot.CommandLineRunner
import org.springframework.stereotype.Component
import org.springframework.transaction.annotation.Transactional

/** Saves a few books and notes and prints their ids with the decoded parts. */
@Component
class DemoRunner(
    private val books: BookRepository,
    private val notes: NoteRepository,
    private val ids: SnowflakeIdGenerator,
) : CommandLineRunner {

    @Transactional
    override fun run(vararg args: String) {
        // JPA: the ids are set on the instances at persist, before the (batched) INSERT.
        for (book in books.saveAll(listOf(Book(title = "Dune"), Book(title = "Solaris")))) {
            println("book ${book.title}: ${ids.decode(book.id!!)}")
        }
        // Spring Data JDBC: an immutable aggregate comes back as a copy with the id.
        val note = Note(text = "ids before the insert")
        val saved = notes.save(note)
        println("note: ${ids.decode(saved.id!!)} (the instance passed to save() still has id ${note.id})")
    }
}
