package io.snowflakeid.examples.kotlin

import io.snowflakeid.SnowflakeIdGenerator
import io.snowflakeid.hibernate.SnowflakeId
import java.time.Duration
import java.time.Instant
import org.assertj.core.api.Assertions.assertThat
import org.junit.jupiter.api.Test
import org.springframework.beans.factory.annotation.Autowired
import org.springframework.boot.test.context.SpringBootTest
import org.springframework.context.annotation.Import
import org.springframework.data.annotation.Id
import org.springframework.data.jdbc.core.JdbcAggregateOperations

/** The Kotlin Spring Data JDBC aggregate `data class Note(@Id @SnowflakeId val id: Long? = null, ...)`. */
@SpringBootTest(properties = [TEST_SCHEMA, TEST_PUBLIC_ID_KEY])
@Import(JdbcRoundTrips::class)
class KotlinDataJdbcAggregateTests @Autowired constructor(
    private val notes: NoteRepository,
    private val bookmarks: BookmarkRepository,
    private val aggregates: JdbcAggregateOperations,
    private val ids: SnowflakeIdGenerator,
    private val roundTrips: JdbcRoundTrips,
) {

    @Test
    fun `the annotations on the constructor property land on the field`() {
        val field = Note::class.java.getDeclaredField("id")
        assertThat(field.isAnnotationPresent(SnowflakeId::class.java)).isTrue()
        assertThat(field.isAnnotationPresent(Id::class.java)).isTrue()
    }

    @Test
    fun `save returns a copy carrying the id, the instance passed in keeps null`() {
        val note = Note(text = "immutable")
        val saved = notes.save(note)

        assertThat(note.id).isNull()
        assertThat(saved).isNotSameAs(note)
        val id = saved.id
        assertThat(id).isNotNull()
        assertThat(saved).isEqualTo(note.copy(id = id))
        assertThat(ids.decode(id!!).workerId()).isEqualTo(1)
        assertThat(notes.findById(id)).contains(saved)
    }

    @Test
    fun `saveAll of new aggregates is one JDBC batch, with unique, time-ordered, decodable ids`() {
        roundTrips.reset()
        val before = Instant.now()
        val saved = notes.saveAll((1..100).map { Note(text = "note $it") })
        val after = Instant.now()

        val savedIds = saved.map { it.id!! }
        assertThat(savedIds).doesNotHaveDuplicates().isSorted()
        assertThat(savedIds).allSatisfy { id ->
            val parts = ids.decode(id)
            assertThat(parts.datacenterId()).isEqualTo(1)
            assertThat(parts.workerId()).isEqualTo(1)
            assertThat(parts.timestamp()).isBetween(before.minus(ONE_SECOND), after.plus(ONE_SECOND))
        }
        assertThat(roundTrips.batches()).isOne()
        assertThat(roundTrips.singleUpdates()).isZero()
        assertThat(notes.findAllById(savedIds)).containsExactlyInAnyOrderElementsOf(saved)
    }

    @Test
    fun `an id the application set is kept (inserted through JdbcAggregateOperations)`() {
        // save() reads a set id as "exists" and issues an UPDATE; an import inserts.
        val imported = aggregates.insert(Note(id = 912207628317364226L, text = "imported"))
        assertThat(imported.id).isEqualTo(912207628317364226L)
        assertThat(notes.findById(912207628317364226L).map { it.text }).contains("imported")
    }

    @Test
    fun `a non-null val id = 0 (a primitive long) is replaced in the copy`() {
        val bookmark = Bookmark(page = 42)
        val saved = bookmarks.save(bookmark)
        assertThat(bookmark.id).isZero()
        assertThat(saved.id).isNotZero()
        assertThat(ids.decode(saved.id).workerId()).isEqualTo(1)
        assertThat(bookmarks.findById(saved.id)).contains(saved)
    }

    @Test
    fun `the demo ran at start`() {
        assertThat(notes.findAll().map { it.text }).contains("ids before the insert")
    }

    private companion object {
        val ONE_SECOND: Duration = Duration.ofSeconds(1)
    }
}
