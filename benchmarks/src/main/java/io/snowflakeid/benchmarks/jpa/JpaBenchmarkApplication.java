package io.snowflakeid.benchmarks.jpa;

import org.springframework.boot.autoconfigure.SpringBootApplication;

/** The application the JPA insert benchmark runs in: the starter plus Spring Data JPA, as in the quick start. */
@SpringBootApplication
public class JpaBenchmarkApplication {

}
