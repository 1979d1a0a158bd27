package io.snowflakeid.spring.jpa.boot4;

import io.snowflakeid.spring.jpa.JdbcSliceContract;

import org.springframework.boot.jdbc.test.autoconfigure.JdbcTest;

/** Spring Boot 4: {@code org.springframework.boot.jdbc.test.autoconfigure.JdbcTest}. */
@JdbcTest
class Boot4JdbcTestTests extends JdbcSliceContract {

}
