package io.snowflakeid.examples.kotlin

import io.snowflakeid.hibernate.SegmentId
import io.snowflakeid.hibernate.SnowflakeId
import io.snowflakeid.publicid.PublicId
import org.assertj.core.api.Assertions.assertThat
import org.junit.jupiter.api.Test

/**
 * Where Kotlin puts the library's annotations written on a constructor property without a use-site target: the
 * first of parameter, property, field that the annotation's @Target allows (Kotlin 1.9 and 2.x alike).
 * `@SnowflakeId` and `@SegmentId` (FIELD, METHOD) land on the field, where Hibernate and Spring Data read them.
 * `@PublicId` also allows PARAMETER (for `@PathVariable @PublicId id: Long`), so it lands on the constructor
 * parameter only: where Jackson reads a class it creates through its constructor (see KotlinJsonTests). Kotlin 2.2+
 * warns that a coming default will put it on the field too.
 */
class AnnotationTargetsTests {

    class Annotated(
        @SnowflakeId var id: Long? = null,
        @SegmentId var number: Long? = null,
        @PublicId val publicOnParameter: Long = 0,
        @field:PublicId val publicOnField: Long = 0,
    )

    @Test
    fun `SnowflakeId and SegmentId land on the field`() {
        assertThat(Annotated::class.java.getDeclaredField("id").isAnnotationPresent(SnowflakeId::class.java)).isTrue()
        assertThat(Annotated::class.java.getDeclaredField("number").isAnnotationPresent(SegmentId::class.java)).isTrue()
    }

    @Test
    fun `PublicId lands on the constructor parameter, with field on the field`() {
        val constructor = Annotated::class.java.getConstructor(
            Long::class.javaObjectType, Long::class.javaObjectType, Long::class.java, Long::class.java)
        assertThat(constructor.parameters[2].isAnnotationPresent(PublicId::class.java)).isTrue()
        assertThat(Annotated::class.java.getDeclaredField("publicOnParameter").isAnnotationPresent(PublicId::class.java))
            .isFalse()
        assertThat(constructor.parameters[3].isAnnotationPresent(PublicId::class.java)).isFalse()
        assertThat(Annotated::class.java.getDeclaredField("publicOnField").isAnnotationPresent(PublicId::class.java))
            .isTrue()
    }
}
