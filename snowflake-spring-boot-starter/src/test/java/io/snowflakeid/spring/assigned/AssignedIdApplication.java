package io.snowflakeid.spring.assigned;

import io.snowflakeid.hibernate.SnowflakeId;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;

import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.data.jpa.repository.config.EnableJpaRepositories;
import org.springframework.data.repository.CrudRepository;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;

/**
 * An ordinary Spring MVC + Spring Data JPA application: a controller saving the entity bound from the request body
 * (the pattern README's "Do not bind request bodies to entities" warns about, and which the assigned-id check now
 * refuses when the client's id is negative or ahead of the clock).
 */
@SpringBootApplication
@EnableJpaRepositories(considerNestedRepositories = true)
public class AssignedIdApplication {

	@Entity
	public static class Invoice {

		@Id
		@SnowflakeId
		private Long id;

		private String label;

		public Long getId() {
			return this.id;
		}

		public void setId(Long id) {
			this.id = id;
		}

		public String getLabel() {
			return this.label;
		}

		public void setLabel(String label) {
			this.label = label;
		}
	}

	public interface InvoiceRepository extends CrudRepository<Invoice, Long> {

	}

	@RestController
	static class InvoiceController {

		private final InvoiceRepository invoices;

		InvoiceController(InvoiceRepository invoices) {
			this.invoices = invoices;
		}

		@PostMapping("/invoices")
		String create(@RequestBody Invoice invoice) {
			return String.valueOf(this.invoices.save(invoice).getId());
		}
	}
}
