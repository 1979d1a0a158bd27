package io.snowflakeid.quarkus.deployment.jsonshapes;

import java.util.List;

import com.fasterxml.jackson.annotation.JsonView;
import io.smallrye.mutiny.Uni;
import io.snowflakeid.quarkus.deployment.jsonshapes.Shapes.Assignment;
import io.snowflakeid.quarkus.deployment.jsonshapes.Shapes.Counter;
import io.snowflakeid.quarkus.deployment.jsonshapes.Shapes.Crate;
import io.snowflakeid.quarkus.deployment.jsonshapes.Shapes.ExternalRef;
import io.snowflakeid.quarkus.deployment.jsonshapes.Shapes.Node;
import io.snowflakeid.quarkus.deployment.jsonshapes.Shapes.Shipment;
import io.snowflakeid.quarkus.deployment.jsonshapes.Shapes.Summary;
import io.snowflakeid.quarkus.deployment.jsonshapes.Shapes.Viewed;
import io.snowflakeid.quarkus.deployment.jsonshapes.Shapes.Views;
import io.snowflakeid.quarkus.deployment.jsonshapes.Shapes.Warehouse;
import jakarta.transaction.Transactional;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

@Path("/shapes")
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
public class ShapesResource {

	/** A child and its parent: the parent is written once, then referred to by its id. */
	@GET
	@Path("/nodes")
	public List<Node> nodes() {
		Node parent = new Node(ShapeApps.ID_A, "parent", null);
		return List.of(parent, new Node(ShapeApps.ID_B, "child", parent));
	}

	@GET
	@Path("/assignment")
	public Assignment assignment() {
		Assignment assignment = new Assignment();
		assignment.id = ShapeApps.ID_B;
		assignment.node = new Node(ShapeApps.ID_A, "node", null);
		return assignment;
	}

	@GET
	@Path("/uni")
	public Uni<Summary> uni() {
		return Uni.createFrom().item(new Summary(ShapeApps.ID_A, "uni"));
	}

	@GET
	@Path("/response")
	public Response response() {
		return Response.ok(List.of(new Summary(ShapeApps.ID_A, "response"))).build();
	}

	@GET
	@Path("/summary")
	public Summary summary() {
		return new Summary(ShapeApps.ID_A, "summary");
	}

	@GET
	@Path("/summaries")
	public List<Summary> summaries() {
		return List.of(new Summary(ShapeApps.ID_A, "summary"));
	}

	@POST
	@Path("/crates")
	@Transactional
	public Crate createCrate(Crate crate) {
		crate.persist();
		return crate;
	}

	@GET
	@Path("/crates")
	public List<Crate> crates() {
		return Crate.listAll();
	}

	@POST
	@Path("/warehouses")
	@Transactional
	public Warehouse createWarehouse(Warehouse warehouse) {
		warehouse.persist();
		return warehouse;
	}

	@GET
	@Path("/view")
	@JsonView(Views.Public.class)
	public Viewed view() {
		Viewed viewed = new Viewed();
		viewed.id = ShapeApps.ID_A;
		viewed.secret = "hidden";
		return viewed;
	}

	@GET
	@Path("/external")
	public ExternalRef external() {
		ExternalRef ref = new ExternalRef();
		ref.id = ShapeApps.ID_A;
		ref.system = "erp";
		return ref;
	}

	@POST
	@Path("/counter")
	public Counter counter(Counter counter) {
		return counter;
	}

	@GET
	@Path("/shipment")
	public Shipment getShipment() {
		return new Shipment(ShapeApps.ID_A, "generic");
	}

	@POST
	@Path("/shipment")
	public Shipment shipment(Shipment shipment) {
		return shipment;
	}
}
