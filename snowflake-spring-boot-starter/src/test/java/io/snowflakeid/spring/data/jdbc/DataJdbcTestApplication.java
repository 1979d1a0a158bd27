package io.snowflakeid.spring.data.jdbc;

import org.springframework.boot.autoconfigure.SpringBootApplication;

/** A Spring Data JDBC application (aggregates and repositories in this package), for test slices and start-ups. */
@SpringBootApplication
public class DataJdbcTestApplication {

}
