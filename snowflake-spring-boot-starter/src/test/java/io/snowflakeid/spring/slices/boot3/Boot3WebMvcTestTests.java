package io.snowflakeid.spring.slices.boot3;

import io.snowflakeid.spring.slices.SliceApplication;
import io.snowflakeid.spring.slices.WebMvcSliceContract;

import org.springframework.boot.test.autoconfigure.web.servlet.WebMvcTest;

/** Spring Boot 3.5: {@code org.springframework.boot.test.autoconfigure.web.servlet.WebMvcTest}. */
@WebMvcTest(controllers = { SliceApplication.TicketController.class, SliceApplication.OrderController.class },
		properties = WebMvcSliceContract.PUBLIC_ID_KEY)
class Boot3WebMvcTestTests extends WebMvcSliceContract {

}
