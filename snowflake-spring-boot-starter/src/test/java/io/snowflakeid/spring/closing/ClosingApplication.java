package io.snowflakeid.spring.closing;

import org.springframework.boot.autoconfigure.SpringBootApplication;

/** Snowflake and segment ids, with work done while the EntityManagerFactory closes ({@link LastWork}). */
@SpringBootApplication
class ClosingApplication {

}
