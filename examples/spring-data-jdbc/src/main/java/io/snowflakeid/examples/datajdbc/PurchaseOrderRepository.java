package io.snowflakeid.examples.datajdbc;

import org.springframework.data.repository.ListCrudRepository;

public interface PurchaseOrderRepository extends ListCrudRepository<PurchaseOrder, Long> {

}
