package io.snowflakeid.spring.slices.boot4;

import io.snowflakeid.spring.slices.SliceApplication;
import io.snowflakeid.spring.slices.WebMvcSliceContract;

import org.springframework.boot.webmvc.test.autoconfigure.WebMvcTest;

/** Spring Boot 4: {@code org.springframework.boot.webmvc.test.autoconfigure.WebMvcTest}. */
@WebMvcTest(controllers = { SliceApplication.TicketController.class, SliceApplication.OrderController.class },
		properties = WebMvcSliceContract.PUBLIC_ID_KEY)
class Boot4WebMvcTestTests extends WebMvcSliceContract {

}
