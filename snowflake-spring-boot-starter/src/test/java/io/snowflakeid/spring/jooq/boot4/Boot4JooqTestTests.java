package io.snowflakeid.spring.jooq.boot4;

import io.snowflakeid.spring.jooq.JooqSliceContract;

import org.springframework.boot.jooq.test.autoconfigure.JooqTest;

/** Spring Boot 4: {@code org.springframework.boot.jooq.test.autoconfigure.JooqTest}. */
@JooqTest(properties = { JooqSliceContract.COLUMNS, JooqSliceContract.SCHEMA })
class Boot4JooqTestTests extends JooqSliceContract {

}
