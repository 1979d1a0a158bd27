package io.snowflakeid.spring.jpa.boot3;

import io.snowflakeid.spring.jpa.JdbcSliceContract;

import org.springframework.boot.test.autoconfigure.jdbc.JdbcTest;

/** Spring Boot 3.5: {@code org.springframework.boot.test.autoconfigure.jdbc.JdbcTest}. */
@JdbcTest
class Boot3JdbcTestTests extends JdbcSliceContract {

}
