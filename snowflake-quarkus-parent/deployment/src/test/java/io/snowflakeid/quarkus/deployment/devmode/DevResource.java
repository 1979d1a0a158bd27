package io.snowflakeid.quarkus.deployment.devmode;

import io.snowflakeid.internal.ManagedGenerator;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.transaction.Transactional;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

/** Persists an entity: "version id workerId"; {@link DevModeReloads} edits the version to make dev mode reload. */
@Path("/dev-items")
public class DevResource {

	@Inject
	EntityManager entityManager;

	@Inject
	ManagedGenerator managed;

	@POST
	@Transactional
	@Produces(MediaType.TEXT_PLAIN)
	public String persist() {
		DevItem item = new DevItem();
		this.entityManager.persist(item);
		return "v1 " + item.id + " " + this.managed.lease().workerId();
	}
}
