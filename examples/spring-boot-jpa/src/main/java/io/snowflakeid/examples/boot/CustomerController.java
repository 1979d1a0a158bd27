package io.snowflakeid.examples.boot;

import java.util.List;

import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;

/** Entities straight to JSON: the starter writes their snowflake ids as strings, safe for JavaScript clients. */
@RestController
class CustomerController {

	private final CustomerRepository customers;

	private final InvoiceRepository invoices;

	CustomerController(CustomerRepository customers, InvoiceRepository invoices) {
		this.customers = customers;
		this.invoices = invoices;
	}

	@GetMapping("/customers")
	List<Customer> all() {
		return this.customers.findAll();
	}

	@GetMapping("/customers/{id}")
	ResponseEntity<Customer> one(@PathVariable long id) {
		return ResponseEntity.of(this.customers.findById(id));
	}

	/** Segment ids are short (well below 2^53): they stay JSON numbers. */
	@GetMapping("/invoices")
	List<Invoice> invoices() {
		return this.invoices.findAll();
	}

	@PostMapping("/customers")
	Customer create(@RequestBody NewCustomer request) {
		return this.customers.save(new Customer(request.name()));
	}

	record NewCustomer(String name) {
	}
}
