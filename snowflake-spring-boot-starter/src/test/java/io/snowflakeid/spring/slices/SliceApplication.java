package io.snowflakeid.spring.slices;

import io.snowflakeid.hibernate.SnowflakeId;
import io.snowflakeid.publicid.PublicId;

import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RestController;

/**
 * The application the web and JSON slices of this package test: a controller writing a view with a snowflake id, and
 * one reading a public id. The same annotated controllers serve Spring MVC and WebFlux.
 */
@SpringBootApplication
public class SliceApplication {

	/** What the API writes: a snowflake id, which JSON must carry as a string. */
	public static class TicketView {

		@SnowflakeId
		public Long id;

		public String title;

		public TicketView() {
		}

		TicketView(Long id, String title) {
			this.id = id;
			this.title = title;
		}
	}

	@RestController
	public static class TicketController {

		@GetMapping("/tickets/{id}")
		public TicketView ticket(@PathVariable("id") long id) {
			return new TicketView(id, "printer jam");
		}
	}

	/** Reads a {@code @PublicId} path variable: the raw id must never be accepted in its place. */
	@RestController
	public static class OrderController {

		@GetMapping("/orders/{id}")
		public String order(@PathVariable("id") @PublicId long id) {
			return "order " + id;
		}
	}
}
