package io.snowflakeid.spring.slices.boot4;

import io.snowflakeid.spring.slices.SliceApplication;
import io.snowflakeid.spring.slices.WebFluxSliceContract;

import org.springframework.boot.webflux.test.autoconfigure.WebFluxTest;

/** Spring Boot 4.1: {@code org.springframework.boot.webflux.test.autoconfigure.WebFluxTest}. */
@WebFluxTest(controllers = { SliceApplication.TicketController.class, SliceApplication.OrderController.class },
		properties = WebFluxSliceContract.PUBLIC_ID_KEY)
class Boot4WebFluxTestTests extends WebFluxSliceContract {

}
