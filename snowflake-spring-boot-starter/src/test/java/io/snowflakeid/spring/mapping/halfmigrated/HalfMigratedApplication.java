package io.snowflakeid.spring.mapping.halfmigrated;

import io.snowflakeid.hibernate.SnowflakeId;
import jakarta.persistence.Entity;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;

import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;

/** An application whose only entity got {@code @SnowflakeId} but kept {@code @GeneratedValue(IDENTITY)}. */
@SpringBootConfiguration
@EnableAutoConfiguration
public class HalfMigratedApplication {

	@Entity
	public static class HalfMigratedOrder {

		@Id
		@SnowflakeId
		@GeneratedValue(strategy = GenerationType.IDENTITY)
		Long id;
	}
}
