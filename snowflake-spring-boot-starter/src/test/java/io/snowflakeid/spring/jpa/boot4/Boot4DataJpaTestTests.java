package io.snowflakeid.spring.jpa.boot4;

import io.snowflakeid.spring.jpa.DataJpaSliceContract;

import org.springframework.boot.data.jpa.test.autoconfigure.DataJpaTest;

/** Spring Boot 4: {@code org.springframework.boot.data.jpa.test.autoconfigure.DataJpaTest}. */
@DataJpaTest
class Boot4DataJpaTestTests extends DataJpaSliceContract {

}
