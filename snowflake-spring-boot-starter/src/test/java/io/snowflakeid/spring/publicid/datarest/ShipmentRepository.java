package io.snowflakeid.spring.publicid.datarest;

import org.springframework.data.repository.CrudRepository;
import org.springframework.data.rest.core.annotation.RepositoryRestResource;

@RepositoryRestResource(path = "shipments")
public interface ShipmentRepository extends CrudRepository<Shipment, Long> {

}
