package io.snowflakeid.examples.kotlin

import io.snowflakeid.hibernate.SnowflakeId
import jakarta.persistence.Entity
import jakarta.persistence.Id

/**
 * A JPA entity: a plain class (not a data class, whose equals/hashCode/toString would read every property), its
 * id a nullable `var` that is `null` until the entity is persisted. The kotlin-maven-plugin's `jpa` plugin gives
 * it the no-arg constructor Hibernate needs, `all-open` opens it for Hibernate's lazy proxies (see the pom).
 *
 * `@Id` and `@SnowflakeId` on a constructor property land on the field: both annotations are for fields and
 * methods only, and Kotlin puts such an annotation on the field (no `@field:` needed).
 */
@Entity
class Book(
    @Id @SnowflakeId
    var id: Long? = null,
    var title: String,
)
