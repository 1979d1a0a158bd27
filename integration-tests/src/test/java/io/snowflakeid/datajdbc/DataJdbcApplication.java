package io.snowflakeid.datajdbc;

import org.springframework.boot.autoconfigure.SpringBootApplication;

/**
 * A Spring Data JDBC application without JPA or Hibernate: the tests of this package run in their own surefire
 * execution whose class path has neither (see the pom).
 */
@SpringBootApplication
public class DataJdbcApplication {

}
