package io.snowflakeid.examples.boot;

import java.util.List;

import org.springframework.data.jpa.repository.JpaRepository;

public interface PurchaseOrderRepository extends JpaRepository<PurchaseOrder, Long> {

	/** Orders by creation time through the primary key: pass the bounds of {@code SnowflakeLayout.idRange}. */
	List<PurchaseOrder> findByIdBetweenOrderById(long first, long last);
}
