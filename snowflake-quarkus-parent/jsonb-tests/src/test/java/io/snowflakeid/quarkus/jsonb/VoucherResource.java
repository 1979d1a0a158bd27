package io.snowflakeid.quarkus.jsonb;

import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

@Path("/vouchers")
public class VoucherResource {

	/** Echoes the ids the body carried, as read. */
	@POST
	@Consumes(MediaType.APPLICATION_JSON)
	@Produces(MediaType.TEXT_PLAIN)
	public String read(Voucher voucher) {
		return voucher.id + " " + voucher.orderId;
	}
}
