package io.snowflakeid.spring.publicid.datarest;

import org.springframework.data.rest.core.config.Projection;

/** A projection of {@link PurchaseOrder} (review): its id getter, as any projection writes it, without annotations. */
@Projection(name = "summary", types = PurchaseOrder.class)
public interface OrderSummary {

	Long getId();

	String getItem();

}
