package io.snowflakeid.spring.slices;

import io.snowflakeid.hibernate.SnowflakeId;

import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RestController;

/** The application the JSON slices of this package test: a controller writing a view with a snowflake id. */
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
}
