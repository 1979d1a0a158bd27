package io.snowflakeid.it;

import io.snowflakeid.hibernate.SnowflakeId;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;

import org.springframework.transaction.annotation.Transactional;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;

/** A REST API returning entities, for the JSON tests (ids must arrive in JavaScript unrounded). */
@RestController
class CustomerController {

	@PersistenceContext
	private EntityManager entityManager;

	@PostMapping("/customers")
	@Transactional
	public Customer create(@RequestBody CustomerRequest request) {
		Customer customer = new Customer(request.name());
		this.entityManager.persist(customer);
		return customer;
	}

	@GetMapping("/customers/{id}")
	@Transactional(readOnly = true)
	public Customer find(@PathVariable long id) {
		return this.entityManager.find(Customer.class, id);
	}

	/** Reads a customer reference sent by a client (id as string or number) and returns it as the server sees it. */
	@PostMapping("/customers/echo")
	public CustomerReference echo(@RequestBody CustomerReference reference) {
		return reference;
	}

	record CustomerRequest(String name) {
	}

	record CustomerReference(@SnowflakeId Long id, String name) {
	}
}
