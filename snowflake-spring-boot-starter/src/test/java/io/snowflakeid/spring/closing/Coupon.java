package io.snowflakeid.spring.closing;

import io.snowflakeid.hibernate.SegmentId;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

@Entity
@Table(name = "coupon")
public class Coupon {

	@Id
	@SegmentId(key = "closing-coupon", initialValue = 100, step = 10)
	private Long id;

	public Long getId() {
		return this.id;
	}
}
