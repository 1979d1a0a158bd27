package io.snowflakeid.spring.mapping.integerid;

import io.snowflakeid.hibernate.SnowflakeId;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;

import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;

/** An application whose only entity kept its {@code Integer} id when it got {@code @SnowflakeId}. */
@SpringBootConfiguration
@EnableAutoConfiguration
public class IntegerIdApplication {

	@Entity
	public static class LegacyCustomer {

		@Id
		@SnowflakeId
		Integer id;
	}
}
