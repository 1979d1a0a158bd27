package io.snowflakeid.examples.kotlin

import io.snowflakeid.SnowflakeIdGenerator
import io.snowflakeid.hibernate.SnowflakeId
import io.snowflakeid.publicid.PublicId
import java.lang.reflect.InvocationTargetException
import org.assertj.core.api.Assertions.assertThat
import org.assertj.core.api.Assertions.assertThatThrownBy
import org.junit.jupiter.api.Test
import org.springframework.beans.factory.annotation.Autowired
import org.springframework.boot.test.context.SpringBootTest
import org.springframework.context.ApplicationContext
import org.springframework.context.annotation.Import

/** The JSON form of Kotlin classes' ids, through the application's Jackson mapper (with Jackson's Kotlin module). */
@SpringBootTest(properties = [TEST_SCHEMA, TEST_PUBLIC_ID_KEY])
@Import(JdbcRoundTrips::class)
class KotlinJsonTests @Autowired constructor(
    private val context: ApplicationContext,
    private val ids: SnowflakeIdGenerator,
) {

    /** `@PublicId` as written on a Java record: on a Kotlin constructor property it lands on the parameter. */
    data class BookView(@PublicId("book") val id: Long, val title: String)

    /**
     * On the parameter and the field, as Kotlin's `-Xannotation-default-target=param-property` (announced as the
     * coming default) puts a plain `@PublicId`. (`@field:PublicId` alone is not enough: Jackson reads this class
     * through its constructor, whose parameter would then not be annotated.)
     */
    data class NoteView(@param:PublicId("note") @field:PublicId("note") val id: Long, val text: String)

    /** A DTO carrying the snowflake id itself. */
    data class NoteDto(@SnowflakeId val id: Long?, val text: String)

    @Test
    fun `a @SnowflakeId Long of a JPA entity is written as a string`() {
        val id = ids.nextId()
        val json = read(write(Book(id = id, title = "Dune")), Map::class.java)
        assertThat(json["id"]).isEqualTo(id.toString())
    }

    @Test
    fun `a @SnowflakeId Long of a data class is written as a string and read back`() {
        val dto = NoteDto(id = ids.nextId(), text = "note")
        val json = write(dto)
        assertThat(read(json, Map::class.java)["id"]).isEqualTo(dto.id.toString())
        assertThat(read(json, NoteDto::class.java)).isEqualTo(dto)
    }

    @Test
    fun `@PublicId on a constructor property writes and reads the token`() {
        assertPublicIdRoundTrip(BookView(ids.nextId(), "Dune")) { it.id }
    }

    @Test
    fun `@PublicId on a constructor property refuses a JSON number`() {
        assertThatThrownBy { read("""{"id":42,"title":"Dune"}""", BookView::class.java) }
            .hasMessageContaining("never from a number")
    }

    @Test
    fun `@PublicId on the parameter and the field (Kotlin's coming default) writes and reads the token`() {
        assertPublicIdRoundTrip(NoteView(ids.nextId(), "note")) { it.id }
        assertThatThrownBy { read("""{"id":42,"text":"note"}""", NoteView::class.java) }
            .hasMessageContaining("never from a number")
    }

    private fun <T : Any> assertPublicIdRoundTrip(view: T, id: (T) -> Long) {
        val json = write(view)
        val token = read(json, Map::class.java)["id"]
        assertThat(token).isInstanceOf(String::class.java)
        assertThat(token as String).hasSize(17).isNotEqualTo(id(view).toString())
        assertThat(read(json, view.javaClass)).isEqualTo(view)
    }

    // Jackson 3's JsonMapper on Spring Boot 4, Jackson 2's ObjectMapper on 3.5: the same two methods.
    private val mapper: Any by lazy {
        val type = listOf("tools.jackson.databind.json.JsonMapper", "com.fasterxml.jackson.databind.ObjectMapper")
            .firstNotNullOf { runCatching { Class.forName(it) }.getOrNull() }
        context.getBean(type)
    }

    private fun write(value: Any): String =
        call(mapper.javaClass.getMethod("writeValueAsString", Any::class.java), value) as String

    private fun <T> read(json: String, type: Class<T>): T =
        type.cast(call(mapper.javaClass.getMethod("readValue", String::class.java, Class::class.java), json, type))

    private fun call(method: java.lang.reflect.Method, vararg args: Any): Any? = try {
        method.invoke(mapper, *args)
    } catch (ex: InvocationTargetException) {
        throw ex.cause ?: ex
    }
}
