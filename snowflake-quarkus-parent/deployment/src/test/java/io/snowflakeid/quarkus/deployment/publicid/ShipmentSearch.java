package io.snowflakeid.quarkus.deployment.publicid;

import io.snowflakeid.publicid.PublicId;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.QueryParam;

/** A bean parameter of {@link ShipmentResource#search}: its fields are converted as the method's parameters are. */
public class ShipmentSearch {

	@QueryParam("ref")
	@PublicId
	Long reference;

	@HeaderParam("X-Order")
	@PublicId
	String order;
}
