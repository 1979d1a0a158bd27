package io.snowflakeid.spring.slices.boot3;

import io.snowflakeid.spring.slices.SliceApplication;
import io.snowflakeid.spring.slices.WebFluxSliceContract;

import org.springframework.boot.test.autoconfigure.web.reactive.WebFluxTest;

/** Spring Boot 3.5: {@code org.springframework.boot.test.autoconfigure.web.reactive.WebFluxTest}. */
@WebFluxTest(controllers = { SliceApplication.TicketController.class, SliceApplication.OrderController.class },
		properties = WebFluxSliceContract.PUBLIC_ID_KEY)
class Boot3WebFluxTestTests extends WebFluxSliceContract {

}
