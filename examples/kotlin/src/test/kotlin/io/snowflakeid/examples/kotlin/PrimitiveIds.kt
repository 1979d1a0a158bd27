package io.snowflakeid.examples.kotlin

import io.snowflakeid.hibernate.SnowflakeId
import jakarta.persistence.Entity
import jakarta.persistence.Id
import org.springframework.data.annotation.Id as AggregateId
import org.springframework.data.jpa.repository.JpaRepository
import org.springframework.data.relational.core.mapping.Table
import org.springframework.data.repository.ListCrudRepository

// A non-null Kotlin Long is a primitive long on the JVM: 0 means "no id yet" to Spring Data (JPA and JDBC) and to
// @SnowflakeId, so these get ids too. The example itself uses Long? = null (null is unmistakably "no id").

@Entity
class Magazine(
    @Id @SnowflakeId
    var id: Long = 0,
    var name: String,
)

interface MagazineRepository : JpaRepository<Magazine, Long>

@Table
data class Bookmark(
    @AggregateId @SnowflakeId
    val id: Long = 0,
    val page: Int,
)

interface BookmarkRepository : ListCrudRepository<Bookmark, Long>

