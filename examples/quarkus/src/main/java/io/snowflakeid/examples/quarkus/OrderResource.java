package io.snowflakeid.examples.quarkus;

import jakarta.transaction.Transactional;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.NotFoundException;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

/** Orders over HTTP: the ids go out as JSON strings (JavaScript would round them as numbers). */
@Path("/orders")
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
public class OrderResource {

	@POST
	@Transactional
	public Order create(Order order) {
		order.id = null; // the id is the library's to give
		order.persist();
		return order;
	}

	@GET
	@Path("/{id}")
	public Order find(@PathParam("id") long id) {
		Order order = Order.findById(id);
		if (order == null) {
			throw new NotFoundException();
		}
		return order;
	}
}
