package io.snowflakeid.quarkus.deployment.json;

import java.util.List;

import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.transaction.Transactional;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

@Path("/tickets")
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
public class TicketResource {

	@Inject
	EntityManager entityManager;

	@POST
	@Transactional
	public Ticket create(Ticket ticket) {
		this.entityManager.persist(ticket);
		return ticket;
	}

	@GET
	@Path("/{id}")
	public Ticket find(@PathParam("id") long id) {
		return this.entityManager.find(Ticket.class, id);
	}

	@POST
	@Path("/links")
	public TicketLinks echo(TicketLinks links) {
		return links;
	}

	@GET
	public List<Ticket> all() {
		return this.entityManager.createQuery("from Ticket", Ticket.class).getResultList();
	}
}
