package io.snowflakeid.spring.jpa;

import org.springframework.boot.autoconfigure.SpringBootApplication;

/** A JPA application with one {@code @SnowflakeId} entity, for test slices and real start-ups. */
@SpringBootApplication
public class JpaTestApplication {

}
