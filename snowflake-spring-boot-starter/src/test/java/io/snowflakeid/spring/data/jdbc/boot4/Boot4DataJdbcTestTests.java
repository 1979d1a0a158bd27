package io.snowflakeid.spring.data.jdbc.boot4;

import io.snowflakeid.spring.data.jdbc.DataJdbcSliceContract;

import org.springframework.boot.data.jdbc.test.autoconfigure.DataJdbcTest;

/** Spring Boot 4: {@code org.springframework.boot.data.jdbc.test.autoconfigure.DataJdbcTest}. */
@DataJdbcTest(properties = "spring.sql.init.schema-locations=classpath:data-jdbc-schema.sql")
class Boot4DataJdbcTestTests extends DataJdbcSliceContract {

}
