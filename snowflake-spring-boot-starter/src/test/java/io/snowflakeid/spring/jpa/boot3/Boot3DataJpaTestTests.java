package io.snowflakeid.spring.jpa.boot3;

import io.snowflakeid.spring.jpa.DataJpaSliceContract;

import org.springframework.boot.test.autoconfigure.orm.jpa.DataJpaTest;

/** Spring Boot 3.5: {@code org.springframework.boot.test.autoconfigure.orm.jpa.DataJpaTest}. */
@DataJpaTest
class Boot3DataJpaTestTests extends DataJpaSliceContract {

}
