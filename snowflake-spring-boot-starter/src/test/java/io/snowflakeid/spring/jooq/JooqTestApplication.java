package io.snowflakeid.spring.jooq;

import org.springframework.boot.autoconfigure.SpringBootApplication;

/** A jOOQ application (tables in this package), for the @JooqTest slices. */
@SpringBootApplication
public class JooqTestApplication {

}
