package io.snowflakeid.quarkus.deployment.publicid;

import io.snowflakeid.publicid.PublicId;
import jakarta.ws.rs.BeanParam;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import org.jboss.resteasy.reactive.RestQuery;

/** Shipments by public id: in the path, in a query parameter, in a JSON body. */
@Path("/shipments")
public class ShipmentResource {

	/** The id behind the token, echoed as the body, for the test to see what the method got. */
	@GET
	@Path("/{id}/id")
	@Produces(MediaType.TEXT_PLAIN)
	public String idOf(@PathParam("id") @PublicId long id) {
		return Long.toString(id);
	}

	@GET
	@Path("/{id}")
	@Produces(MediaType.APPLICATION_JSON)
	public Shipment find(@PathParam("id") @PublicId Long id) {
		Shipment shipment = new Shipment();
		shipment.id = id;
		shipment.orderId = id + 1;
		shipment.label = "found";
		return shipment;
	}

	@GET
	@Produces(MediaType.TEXT_PLAIN)
	public String byReference(@QueryParam("ref") @PublicId Long reference, @RestQuery @PublicId String other) {
		return reference + "/" + other;
	}

	@GET
	@Path("/search")
	@Produces(MediaType.TEXT_PLAIN)
	public String search(@BeanParam ShipmentSearch search) {
		return search.reference + "/" + search.order;
	}

	@POST
	@Consumes(MediaType.APPLICATION_JSON)
	@Produces(MediaType.TEXT_PLAIN)
	public String create(Shipment shipment) {
		return shipment.id + "/" + shipment.orderId;
	}
}
