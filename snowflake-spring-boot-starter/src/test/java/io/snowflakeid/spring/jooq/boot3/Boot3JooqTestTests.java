package io.snowflakeid.spring.jooq.boot3;

import io.snowflakeid.spring.jooq.JooqSliceContract;

import org.springframework.boot.test.autoconfigure.jooq.JooqTest;

/** Spring Boot 3.5: {@code org.springframework.boot.test.autoconfigure.jooq.JooqTest}. */
@JooqTest(properties = { JooqSliceContract.COLUMNS, JooqSliceContract.SCHEMA })
class Boot3JooqTestTests extends JooqSliceContract {

}
