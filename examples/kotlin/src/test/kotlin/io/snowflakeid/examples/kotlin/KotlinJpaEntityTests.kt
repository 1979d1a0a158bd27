package io.snowflakeid.examples.kotlin

import io.snowflakeid.SnowflakeIdGenerator
import io.snowflakeid.hibernate.SnowflakeId
import jakarta.persistence.EntityManager
import jakarta.persistence.PersistenceContext
import java.lang.reflect.Modifier
import java.time.Duration
import java.time.Instant
import org.assertj.core.api.Assertions.assertThat
import org.hibernate.Hibernate
import org.hibernate.proxy.HibernateProxy
import org.junit.jupiter.api.Test
import org.springframework.beans.factory.annotation.Autowired
import org.springframework.boot.test.context.SpringBootTest
import org.springframework.context.annotation.Import
import org.springframework.jdbc.core.JdbcTemplate
import org.springframework.transaction.support.TransactionTemplate

/** The Kotlin JPA entity `Book(@Id @SnowflakeId var id: Long? = null, ...)`, through Hibernate and Spring Data JPA. */
@SpringBootTest(properties = [TEST_SCHEMA, TEST_PUBLIC_ID_KEY])
@Import(JdbcRoundTrips::class)
class KotlinJpaEntityTests @Autowired constructor(
    private val books: BookRepository,
    private val magazines: MagazineRepository,
    private val ids: SnowflakeIdGenerator,
    private val transactions: TransactionTemplate,
    private val jdbc: JdbcTemplate,
    private val roundTrips: JdbcRoundTrips,
) {

    @PersistenceContext
    private lateinit var entityManager: EntityManager

    @Test
    fun `the annotations on the constructor property land on the field`() {
        val field = Book::class.java.getDeclaredField("id")
        assertThat(field.isAnnotationPresent(SnowflakeId::class.java)).isTrue()
        assertThat(field.isAnnotationPresent(jakarta.persistence.Id::class.java)).isTrue()
    }

    @Test
    fun `the id is set at persist, before the INSERT`() {
        transactions.executeWithoutResult {
            val book = Book(title = "Hyperion")
            assertThat(book.id).isNull()
            entityManager.persist(book)
            val id = book.id
            assertThat(id).isNotNull()
            // Nothing sent yet: the id exists before the row does.
            assertThat(rows("book", id!!)).isZero()
            entityManager.flush()
            assertThat(rows("book", id)).isOne()
            assertThat(ids.decode(id).workerId()).isEqualTo(1)
        }
    }

    @Test
    fun `saveAll gets unique, time-ordered, decodable ids, inserted in JDBC batches`() {
        roundTrips.reset()
        val before = Instant.now()
        val saved = books.saveAll((1..120).map { Book(title = "Volume $it") })
        val after = Instant.now()

        val savedIds = saved.map { it.id!! }
        assertThat(savedIds).doesNotHaveDuplicates().isSorted()
        assertThat(savedIds).allSatisfy { id ->
            val parts = ids.decode(id)
            assertThat(parts.datacenterId()).isEqualTo(1)
            assertThat(parts.workerId()).isEqualTo(1)
            // The generator's clock may run a few milliseconds apart from Instant.now().
            assertThat(parts.timestamp()).isBetween(before.minus(ONE_SECOND), after.plus(ONE_SECOND))
        }
        // hibernate.jdbc.batch_size=50 (the starter's default): 50 + 50 + 20, no single INSERT.
        assertThat(roundTrips.batches()).isEqualTo(3)
        assertThat(roundTrips.singleUpdates()).isZero()
        assertThat(books.findAllById(savedIds)).hasSize(120)
    }

    @Test
    fun `an id the application set is kept`() {
        val imported = 912207628317364225L
        transactions.executeWithoutResult { entityManager.persist(Book(id = imported, title = "Imported")) }
        assertThat(books.findById(imported).map { it.title }).contains("Imported")
    }

    @Test
    fun `the entity is open, so Hibernate hands out lazy proxies`() {
        assertThat(Modifier.isFinal(Book::class.java.modifiers)).isFalse()
        val id = books.save(Book(title = "Lazy")).id!!
        transactions.executeWithoutResult {
            val reference = books.getReferenceById(id)
            assertThat(reference).isInstanceOf(HibernateProxy::class.java)
            assertThat(Hibernate.isInitialized(reference)).isFalse()
            assertThat(reference.title).isEqualTo("Lazy")
        }
    }

    @Test
    fun `a non-null Long id of 0 (a primitive long) gets an id too`() {
        val magazine = magazines.save(Magazine(name = "Monthly"))
        assertThat(magazine.id).isNotZero()
        assertThat(ids.decode(magazine.id).workerId()).isEqualTo(1)
        assertThat(magazines.findById(magazine.id).map { it.name }).contains("Monthly")
    }

    @Test
    fun `the demo ran at start`() {
        assertThat(books.findAll().map { it.title }).contains("Dune", "Solaris")
    }

    private fun rows(table: String, id: Long): Int =
        jdbc.queryForObject("select count(*) from $table where id = ?", Int::class.javaObjectType, id)!!

    private companion object {
        val ONE_SECOND: Duration = Duration.ofSeconds(1)
    }
}
