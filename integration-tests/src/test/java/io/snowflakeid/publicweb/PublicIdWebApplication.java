package io.snowflakeid.publicweb;

import io.snowflakeid.publicid.PublicId;

import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RestController;

/**
 * An application with {@code @PublicId} in its API, in a package of its own: the starter refuses to start an
 * application whose packages use {@code @PublicId} without a key, so it must stay out of the other integration
 * tests' application ({@code io.snowflakeid.it}).
 */
@SpringBootApplication
public class PublicIdWebApplication {

	/** What the API shows of an order: its public id, never the id. */
	public record OrderView(@PublicId Long id, String customer) {
	}

	@RestController
	static class Orders {

		@GetMapping("/orders/{id}")
		OrderView order(@PathVariable @PublicId Long id) {
			return new OrderView(id, "customer of order " + id);
		}
	}
}
