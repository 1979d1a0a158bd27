package io.snowflakeid.spring.data.jdbc.boot3;

import io.snowflakeid.spring.data.jdbc.DataJdbcSliceContract;

import org.springframework.boot.test.autoconfigure.data.jdbc.DataJdbcTest;

/** Spring Boot 3.5: {@code org.springframework.boot.test.autoconfigure.data.jdbc.DataJdbcTest}. */
@DataJdbcTest(properties = "spring.sql.init.schema-locations=classpath:data-jdbc-schema.sql")
class Boot3DataJdbcTestTests extends DataJdbcSliceContract {

}
